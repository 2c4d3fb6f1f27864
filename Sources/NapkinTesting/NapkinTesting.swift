// The NapkinTesting module; its types arrive with their issue.
