// The Airframe articles walk through the Notebook example, so their snippets are checked against
// the example itself: a snippet that declares a type shadows the example's, and everything else
// it names is the example's. `.ci/snippets/check.py` compiles each snippet together with this file.
import Airframe
import Foundation

@testable import Notebook
@testable import NotebookStorage
