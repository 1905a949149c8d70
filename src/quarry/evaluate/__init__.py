"""Evaluation: metrics (precision/recall/F1, NDCG@k, MRR@k, accuracy, percentiles) and the runner."""

from quarry.evaluate.metrics import accuracy, mrr_at_k, ndcg_at_k, percentile, precision_recall_f1
from quarry.evaluate.runner import EvalReport, Metric, Timed, latency_metrics, load_cases, run_cases

__all__ = [
    "EvalReport",
    "Metric",
    "Timed",
    "accuracy",
    "latency_metrics",
    "load_cases",
    "mrr_at_k",
    "ndcg_at_k",
    "percentile",
    "precision_recall_f1",
    "run_cases",
]
