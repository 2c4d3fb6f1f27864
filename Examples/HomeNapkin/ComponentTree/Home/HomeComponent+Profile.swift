import Napkin

// The edge from Home to Profile. `HomeComponent` declares `ProfileDependency`; handing `self` to
// the child's builder here is where the compiler checks that it provides all of it.
// Main actor: builders are napkin units; the component itself stays Sendable.
@MainActor
extension HomeComponent {
  var profileBuilder: any ProfileBuildable {
    ProfileBuilder(dependency: self)
  }
}
