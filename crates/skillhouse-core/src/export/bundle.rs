//! See the module documentation of `export`.
