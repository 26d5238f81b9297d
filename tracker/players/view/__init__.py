"""The players' screen: a read-only live view of one save (`tracker --view PATH`)."""
