/// Where one row leads, as the link memory keeps it: two numbers, with the segments of the rows
/// that lead elsewhere than their own pages in a table beside them. A view takes each long
/// section's kept answers over: as plain numbers they copy as bytes, with no retain a row now and
/// no release a row when they are replaced.
struct RowAnswers: Equatable {
    /// 0: the page of the row's own key; 1: its checkmark; 2: nothing; 3 + n: segment n.
    private var selectionCode: Int32
    /// 0: its own item's info page; 1: nowhere; 2 + n: segment n.
    private var detailCode: Int32

    /// The answers `selection` and `detail` (`nil`: its own item's info page; `.some(nil)`:
    /// nowhere), their segments appended to `segments`.
    init(selection: SiteLinks.Selection, detail: String??, segments: inout [String]) {
        selectionCode = switch selection {
        case .ownKey: 0
        case .choice: 1
        case .none: 2
        case let .segment(segment): 3 + Self.number(appending: segment, to: &segments)
        }
        detailCode = switch detail {
        case nil: 0
        case .some(nil): 1
        case let .some(segment?): 2 + Self.number(appending: segment, to: &segments)
        }
    }

    private static func number(appending segment: String, to segments: inout [String]) -> Int32 {
        segments.append(segment)
        return Int32(segments.count - 1)
    }

    /// Whether the detail button shows the row's own item's info page.
    var showsOwnInfo: Bool { detailCode == 0 }

    func selection(in segments: [String]) -> SiteLinks.Selection {
        switch selectionCode {
        case 0: .ownKey
        case 1: .choice
        case 2: .none
        default: .segment(segments[Int(selectionCode - 3)])
        }
    }

    /// Where the detail button leads: `nil` for its own item's info page, `.some(nil)` for nowhere.
    func detail(in segments: [String]) -> String?? {
        switch detailCode {
        case 0: nil
        case 1: .some(nil)
        default: .some(segments[Int(detailCode - 2)])
        }
    }

    /// Appends `answers`, whose segments are `theirs`, to `all` and `segments`: as bytes when they
    /// name no segment, as nearly every section's do.
    static func append(_ answers: [RowAnswers], segments theirs: [String], to all: inout [RowAnswers], segments: inout [String]) {
        guard !theirs.isEmpty else {
            all += answers
            return
        }
        let offset = Int32(segments.count)
        segments += theirs
        all += answers.lazy.map { answer in
            var moved = answer
            if moved.selectionCode >= 3 { moved.selectionCode += offset }
            if moved.detailCode >= 2 { moved.detailCode += offset }
            return moved
        }
    }

    /// `answers` with their own table of the segments they name, taken from `segments`: a
    /// section's answers as the link memory keeps them (segments of replaced answers dropped).
    static func section(_ answers: ArraySlice<RowAnswers>, segments: [String], from firstSegment: Int) -> (answers: [RowAnswers], segments: [String]) {
        guard segments.count > firstSegment else { return (Array(answers), []) }
        var own: [String] = []
        let renumbered = answers.map { answer in
            RowAnswers(selection: answer.selection(in: segments), detail: answer.detail(in: segments), segments: &own)
        }
        return (renumbered, own)
    }
}
