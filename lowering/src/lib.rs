//! kiln-lowering: the pass manager and every pass from decomposition to ABI lowering.
