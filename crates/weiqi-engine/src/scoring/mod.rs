//! Scoring a finished game: area, territory, seki, the dame filling, adjustments and the result.
