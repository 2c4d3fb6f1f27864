import Napkin

final class HomeComponent: EmptyComponent, @unchecked Sendable {
  // A builder built on every read holds the component only while it is used.
  @MainActor var profileBuilder: any ProfileBuildable { ProfileBuilder(dependency: self) }

  // A request builder is a plain value, whatever its name.
  var requests: RequestBuilder { shared { RequestBuilder(host: "example.com") } }
}
