//! Other tools' formats.
