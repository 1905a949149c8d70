"""What `quarry serve` runs: uvicorn factories, workers that die with their supervisor, and
deadlines for clients that send their headers or body too slowly."""

from quarry.serving.body_timeout import BodyTimeout
from quarry.serving.factories import create_api_app, create_app
from quarry.serving.header_timeout import HeaderTimeoutProtocol
from quarry.serving.parent_death import exit_with_parent

__all__ = ["BodyTimeout", "HeaderTimeoutProtocol", "create_api_app", "create_app", "exit_with_parent"]
