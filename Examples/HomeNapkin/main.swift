print("HomeNapkin: coming with its issue")
