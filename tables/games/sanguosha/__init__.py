"""The sanguosha table's presentation that no adapter owns: its board picture."""
