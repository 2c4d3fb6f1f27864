import Foundation
import Testing

@testable import BoundedHTTP

@Suite struct RedirectPolicyTests {
  private static let origin = URL(string: "http://127.0.0.1:8080/orders")!

  private func decide(
    _ method: String, _ status: Int = 302, to target: String, followed: Int = 0
  ) -> RedirectPolicy.Decision {
    RedirectPolicy.decide(
      method: method, origin: Self.origin, status: status, target: URL(string: target),
      followed: followed)
  }

  @Test(arguments: [301, 302, 303, 307, 308])
  func aCancelFollowsNoRedirectEvenToTheSameServer(status: Int) {
    #expect(
      decide("POST", status, to: "http://127.0.0.1:8080/login")
        == .refuse(.mutationRedirected(status: status, location: "http://127.0.0.1:8080/login")))
  }

  @Test(arguments: ["GET", "get", "HEAD"])
  func aReadFollowsARedirectOnTheSameSchemeHostAndPort(method: String) {
    #expect(decide(method, to: "http://127.0.0.1:8080/v2/orders") == .follow)
    #expect(decide(method, to: "HTTP://127.0.0.1:8080/v2/orders") == .follow)
  }

  @Test(arguments: [
    "http://localhost:8080/orders", "https://127.0.0.1:8080/orders",
    "http://127.0.0.1:8081/orders", "http://127.0.0.1/orders", "ftp://127.0.0.1:8080/orders",
  ])
  func aReadDoesNotFollowARedirectToAnotherServer(target: String) {
    #expect(decide("GET", to: target) == .refuse(.redirectedElsewhere(location: target)))
  }

  @Test func theDefaultPortIsTheSameAsNamingIt() {
    let origin = URL(string: "https://shop.example/orders")!
    let decision = RedirectPolicy.decide(
      method: "GET", origin: origin, status: 301,
      target: URL(string: "https://SHOP.example:443/v2/orders"), followed: 0)
    #expect(decision == .follow)
  }

  @Test func aReadFollowsAtMostFiveRedirects() {
    #expect(decide("GET", to: "http://127.0.0.1:8080/a", followed: 4) == .follow)
    #expect(
      decide("GET", to: "http://127.0.0.1:8080/a", followed: 5) == .refuse(.tooManyRedirects))
  }
}
