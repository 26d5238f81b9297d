"""The party feature (issue 17): its screen, file keeper, pass time, dialogs and the
way back to it after a fight."""
