import Napkin

final class AComponent: EmptyComponent, BDependency {}
