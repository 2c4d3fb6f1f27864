import NotebookStorage

/// The reference the merge is checked against: every edit as an event with its causal past (the
/// events its copy had seen), and what each copy has seen, joined on every sync.
struct CausalModel {
  struct Event {
    let note: String
    /// `nil` for a deletion.
    let text: String?
    let past: Set<Int>
  }

  private(set) var events: [Event] = []
  private var seen: [[String: Set<Int>]]

  init(copies: Int) {
    seen = Array(repeating: [:], count: copies)
  }

  /// Records an edit (a `nil` text: a deletion) of `note` made on copy `copy`.
  mutating func record(_ note: String, text: String?, on copy: Int) {
    let past = seen[copy][note, default: []]
    events.append(Event(note: note, text: text, past: past))
    seen[copy][note, default: []].insert(events.count - 1)
  }

  /// A sync between two copies: afterwards each has seen what either had.
  mutating func sync(_ a: Int, _ b: Int) {
    for note in Set(seen[a].keys).union(seen[b].keys) {
      let union = seen[a][note, default: []].union(seen[b][note, default: []])
      seen[a][note] = union
      seen[b][note] = union
    }
  }

  /// The edits of `note` that no other edit saw: what must survive.
  func latest(of note: String) -> [Event] {
    let mine = indices(of: note)
    return mine.filter { index in !mine.contains { events[$0].past.contains(index) } }
      .map { events[$0] }
  }

  /// The texts of edits of `note` made concurrently with an edit of a different text: the only
  /// texts a conflict copy may hold.
  func conflictingTexts(of note: String) -> Set<String> {
    var texts: Set<String> = []
    for (a, b) in concurrentPairs(of: note) {
      if let text = events[a].text, let other = events[b].text, text != other {
        texts.insert(text)
        texts.insert(other)
      }
    }
    return texts
  }

  /// Whether `note` had concurrent edits with different content (text against text, or text
  /// against deletion): the only notes a sync may report a conflict for.
  func hadConflict(_ note: String) -> Bool {
    concurrentPairs(of: note).contains { events[$0.0].text != events[$0.1].text }
  }

  private func indices(of note: String) -> [Int] {
    events.indices.filter { events[$0].note == note }
  }

  private func concurrentPairs(of note: String) -> [(Int, Int)] {
    let mine = indices(of: note)
    var pairs: [(Int, Int)] = []
    for a in mine {
      for b in mine where a < b && !events[b].past.contains(a) && !events[a].past.contains(b) {
        pairs.append((a, b))
      }
    }
    return pairs
  }
}
