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
}
