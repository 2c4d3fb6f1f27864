// The Airframe module; its types arrive with their issue.
