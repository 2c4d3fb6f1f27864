import Napkin

// The edge from Root to LoggedIn. `RootComponent` declares `LoggedInDependency`; handing `self`
// to the child's builder here is where the compiler checks that it provides all of it.
// Main actor: builders are napkin units; the component itself stays Sendable.
@MainActor
extension RootComponent {
  var loggedInBuilder: any LoggedInBuildable {
    LoggedInBuilder(dependency: self)
  }
}
