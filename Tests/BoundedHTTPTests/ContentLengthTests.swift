import Testing

@testable import BoundedHTTP

/// A reply's declared length is one whole number, or the reply is refused by name.
@Suite struct ContentLengthTests {
  @Test(arguments: [nil, "0", "52", "52, 52", "52,52"])
  func oneValidLengthOrIdenticalRepeatsAreAccepted(header: String?) {
    #expect(ContentLength.refusal(header) == nil)
  }

  @Test(arguments: ["-5", "", "12abc", "0x10", "5,", " + 5"])
  func aLengthThatIsNotAWholeNumberIsRefusedNamingIt(header: String) {
    guard case .invalidContentLength = ContentLength.refusal(header) else {
      Issue.record("\(header.debugDescription) was not refused as an invalid length")
      return
    }
  }

  @Test func lengthsThatDisagreeAreRefused() {
    #expect(ContentLength.refusal("5, 60") == .conflictingContentLengths("5, 60"))
  }

  @Test func aServersValueInTheSentenceIsCutShort() {
    let reason = ServerError(.invalidContentLength(String(repeating: "9", count: 10_000)))
    #expect(reason.description.count < 200)
  }
}
