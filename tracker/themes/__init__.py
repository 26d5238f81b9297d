"""The app's colours: every theme's text made legible (4.5:1 or more), and a high-contrast
theme of the app's own (issue 27)."""
