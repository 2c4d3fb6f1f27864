import Napkin

final class HomeComponent: EmptyComponent {
}
