// What the snippets in Napkin's doc comments assume: the HomeNapkin example's napkins and
// services, checked through `@testable import`, as in the articles.
import Napkin
import NapkinTesting
import Testing

@testable import HomeNapkin
