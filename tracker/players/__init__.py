"""The players' screen: its view (what a player may see), the GM's hand on it, and
`tracker --serve` for browsers."""
