import Foundation
import Napkin

nonisolated protocol PlayerDependency: Dependency {
  var decoder: JSONDecoder { get }
}

final class PlayerComponent: Component<any PlayerDependency>, @unchecked Sendable {}
