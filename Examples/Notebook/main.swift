print("Notebook: coming with its issue")
