/// `text` safe to print on a terminal: every control or format character (escape sequences,
/// carriage returns, bidirectional overrides) and every backslash written as a Swift escape
/// (`\u{1B}`, `\\`), so that text from outside in a failure message can neither move the cursor
/// nor forge a line.
package func escaped(_ text: String) -> String {
  var result = ""
  for scalar in text.unicodeScalars {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned,
      .privateUse:
      result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    default:
      result.unicodeScalars.append(scalar)
      if scalar == "\\" { result += "\\" }
    }
  }
  return result
}
