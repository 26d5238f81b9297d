"""The players' screen's widgets: each draws one part of a `PublicView`, nothing more."""
