"""Train `src/quarry/apps/leasing/data/hazard_model.json`: the life-safety model that reads a
ticket's meaning (`quarry/apps/leasing/hazard_model.py`).

Data preparation, run by hand when hazard rounds are added; nothing at run time imports it. It
reads the labelled tickets of the named hazard rounds (`evals/blind/leasing/hazards_round<N>.jsonl`),
prepares each message exactly as the similarity detector does (events that are over, other senses
of hazard words, tobacco smoke and hedges set aside), embeds it with the local e5 and fits an
L2-regularised logistic regression (plain gradient descent: the problem is small and convex).

With `--held-out`, it first prints the leave-one-round-out figures the threshold is chosen from:
for each round, the model trained on the others, the hazards the other detectors miss that it
catches and the ordinary tickets it adds. Rounds used for training measure nothing afterwards;
only rounds written later can.

    .venv/bin/python scripts/train_hazard_model.py --rounds 1-14 --held-out
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "quarry" / "apps" / "leasing" / "data" / "hazard_model.json"
BLIND = ROOT / "evals" / "blind" / "leasing"
STRENGTH = 1e-2
"""L2 strength: on held-out rounds, 1e-3 added twice the false P0s for one more catch."""
THRESHOLD = 0.85


def _rounds(spec: str) -> list[int]:
    out: list[int] = []
    for part in spec.split(","):
        lo, _, hi = part.partition("-")
        out.extend(range(int(lo), int(hi or lo) + 1))
    return out


def _tickets(rounds: list[int]) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for n in rounds:
        for line in (BLIND / f"hazards_round{n}.jsonl").read_text("utf-8").splitlines():
            if line.strip():
                rows.append({**json.loads(line), "round": n})
    return rows


def _prepared(text: str) -> str:
    from quarry.apps.leasing.hazard_similarity import compared_pieces
    from quarry.apps.leasing.hazard_timing import happening_now
    from quarry.apps.leasing.hazards import meaning_read

    seen = meaning_read(happening_now(text).text)
    return compared_pieces(seen)[0] if seen.strip() else ""


def fit(x: np.ndarray, y: np.ndarray, strength: float = STRENGTH, steps: int = 2000) -> tuple[np.ndarray, float]:
    w, b = np.zeros(x.shape[1]), 0.0
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(x @ w + b)))
        w -= 0.5 * (x.T @ (p - y) / len(y) + strength * w)
        b -= 0.5 * float((p - y).mean())
    return w, b


def _probabilities(x: np.ndarray, w: np.ndarray, b: float) -> np.ndarray:
    return np.asarray(1.0 / (1.0 + np.exp(-(x @ w + b))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", default="1-14", help="hazard rounds to learn from, e.g. 1-14")
    parser.add_argument("--held-out", action="store_true", help="print leave-one-round-out figures first")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    os.environ.setdefault("WARM_UP", "false")
    from quarry.apps.leasing.hazards import find_hazards
    from quarry.embed import LocalE5

    rows = _tickets(_rounds(args.rounds))
    embedder = LocalE5()
    texts = [_prepared(str(r["text"])) for r in rows]
    vectors = np.vstack([embedder.embed(texts[i : i + 64], role="query") for i in range(0, len(texts), 64)])
    y = np.array([bool(r["hazard"]) for r in rows], dtype=float)
    mean, scale = vectors.mean(0), vectors.std(0) + 1e-6
    x = (vectors - mean) / scale
    if args.held_out:
        rounds = np.array([int(str(r["round"])) for r in rows])
        found = np.array([bool(find_hazards(str(r["text"]))) for r in rows])
        for n in sorted(set(rounds)):
            test = rounds == n
            w, b = fit(x[~test], y[~test])
            flagged = _probabilities(x[test], w, b) > THRESHOLD
            hazard, rest = y[test] == 1, ~found[test]
            missed, caught = int((hazard & rest).sum()), int((hazard & rest & flagged).sum())
            added, ordinary = int((~hazard & rest & flagged).sum()), int((~hazard).sum())
            print(f"round {n}: others miss {missed}, model catches {caught}; adds {added} of {ordinary} ordinary")
    w, b = fit(x, y)
    args.out.write_text(
        json.dumps(
            {
                "embedding_model": embedder.model,
                "trained_on": [f"hazards_round{n}" for n in _rounds(args.rounds)],
                "strength": STRENGTH,
                "threshold": THRESHOLD,
                "bias": round(b, 6),
                "mean": [round(float(v), 6) for v in mean],
                "scale": [round(float(v), 6) for v in scale],
                "weights": [round(float(v), 6) for v in w],
            },
            indent=None,
        )
        + "\n",
        encoding="utf-8",
    )
    print(f"wrote {args.out} from {len(rows)} tickets")


if __name__ == "__main__":
    main()
