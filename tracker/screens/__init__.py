"""Full screens: the saves browser, the main table view, the decision prompt."""
