import TerminalIO
import Testing

@Suite struct TerminalTextTests {
  @Test(arguments: [
    ("/login\u{1B}]0;title\u{07}", "/login\\u{1B}]0;title\\u{7}"),
    ("a\rb\nc\u{7F}\u{9B}", "a\\rb\\nc\\u{7F}\\u{9B}"),
    ("abc\u{202E}cba", "abc\\u{202E}cba"),
  ])
  func controlCharactersAreWrittenAsEscapes(raw: String, shown: String) {
    #expect(TerminalText.escaped(raw) == shown)
  }

  @Test func printableTextIsUnchanged() {
    let text = "http://shop.example/ordres/é/👩‍👩‍👧 #12"
    #expect(TerminalText.escaped(text) == text)
  }

  @Test func anEchoedArgumentKeepsItsFirstScalarsUpToTheLimitEscaped() {
    #expect(TerminalText.echoed("short\u{1B}[2J") == "short\\u{1B}[2J")
    let long = String(repeating: "ab", count: TerminalText.echoLimit)
    #expect(TerminalText.echoed(long) == String(long.prefix(TerminalText.echoLimit)) + "…")
    let fits = String(long.prefix(TerminalText.echoLimit))
    #expect(TerminalText.echoed(fits) == fits)
  }

  @Test func anEchoIsBoundedEvenForOneCharacterOfManyScalars() {
    // One character: an `e` and 100,000 combining accents. A cut counted in characters keeps
    // all of them.
    let accented = "e" + String(repeating: "\u{301}", count: 100_000)
    let echo = TerminalText.echoed(accented)
    #expect(echo.unicodeScalars.count == TerminalText.echoLimit + 1)
    // Every scalar escaped at its longest (`\u{10FFFF}`, 10 bytes), then the ellipsis.
    let controls = String(repeating: "\u{10FFFF}\u{9F}", count: 1_000)
    #expect(TerminalText.echoed(controls).utf8.count <= TerminalText.echoLimit * 10 + 3)
  }
}
