"""The catan table's presentation that no adapter owns: its words and board picture."""
