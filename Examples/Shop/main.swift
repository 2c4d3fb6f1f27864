print("Shop: coming with its issue")
