import Napkin

nonisolated protocol ADependency: Dependency {}

final class AComponent: Component<any ADependency>, CDependency {}
