"""Shown atoms -> typed answers with CR citations: cast verdicts, outcomes, reports."""
