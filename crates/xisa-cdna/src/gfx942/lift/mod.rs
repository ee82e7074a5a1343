//! Lifting gfx942 wave64 code to the xisa IR. (Being written.)
