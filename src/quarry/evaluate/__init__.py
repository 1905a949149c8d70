"""Evaluation metrics (precision/recall/F1, NDCG@k, MRR@k, accuracy, percentiles)."""

from quarry.evaluate.metrics import accuracy, mrr_at_k, ndcg_at_k, percentile, precision_recall_f1

__all__ = ["accuracy", "mrr_at_k", "ndcg_at_k", "percentile", "precision_recall_f1"]
