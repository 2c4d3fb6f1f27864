/// Prints each scenario as a row: the subject, its cost and its ratio to the scenario's baseline.
struct Report {
  struct Row {
    let subject: String
    let value: Double
  }

  let scenario: String
  let unit: String
  let baseline: Row
  let others: [Row]

  func print() {
    Swift.print("\n\(scenario)")
    for row in [baseline] + others {
      let ratio = row.value / baseline.value
      let name = row.subject.padding(toLength: 44, withPad: " ", startingAt: 0)
      let value = format(row.value).leftPadded(to: 10)
      Swift.print("  \(name)\(value) \(unit)   \(format(ratio).leftPadded(to: 7))x")
    }
  }

  private func format(_ value: Double) -> String {
    let hundredths = (value * 100).rounded() / 100
    return String(hundredths)
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}
