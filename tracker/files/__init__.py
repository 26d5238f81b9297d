"""What the tracker keeps on disk beside a save: files written atomically, roster
templates, the bundled demo."""
