"""Named as the command itself, without the permission to run: the runner cannot start it."""
