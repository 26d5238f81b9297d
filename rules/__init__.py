"""Pure rules: no Textual, no Rich."""
