import Napkin

// The edge from LoggedIn to Home. `LoggedInComponent` declares `HomeDependency`; handing `self`
// to the child's builder here is where the compiler checks that it provides all of it.
// Main actor: builders are napkin units; the component itself stays Sendable.
@MainActor
extension LoggedInComponent {
  var homeBuilder: any HomeBuildable {
    HomeBuilder(dependency: self)
  }
}
