//! Whole kernels from the corpora against rayon equivalents.
