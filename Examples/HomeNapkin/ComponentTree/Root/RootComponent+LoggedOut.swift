import Napkin

// The edge from Root to LoggedOut. `RootComponent` declares `LoggedOutDependency`; handing
// `self` to the child's builder here is where the compiler checks that it provides all of it.
@MainActor
extension RootComponent {
  var loggedOutBuilder: any LoggedOutBuildable {
    LoggedOutBuilder(dependency: self)
  }
}
