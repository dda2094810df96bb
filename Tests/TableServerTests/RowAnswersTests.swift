import Testing
@testable import TableSite

/// The link memory's answers a row: codes and a table of segments, read back as the answers given,
/// carried into another table with their segments, and kept per section without the segments of
/// answers since replaced.
@Suite("Where rows lead, as kept")
struct RowAnswersTests {
    static let given: [(SiteLinks.Selection, String??)] = [
        (.ownKey, nil), (.choice, .some(nil)), (.none, .some("other~info")), (.segment("trails"), nil),
        (.segment("north"), .some("north~info")), (.ownKey, .some(nil)),
    ]

    static func encoded(_ answers: [(SiteLinks.Selection, String??)], segments: inout [String]) -> [RowAnswers] {
        answers.map { RowAnswers(selection: $0.0, detail: $0.1, segments: &segments) }
    }

    static func decoded(_ answers: [RowAnswers], _ segments: [String]) -> [String] {
        answers.map { "\($0.selection(in: segments)) \(String(describing: $0.detail(in: segments)))" }
    }

    static let expected = given.map { "\($0.0) \(String(describing: $0.1))" }

    @Test("each answer reads back as given; only segments take room in the table")
    func roundTrip() {
        var segments: [String] = []
        let answers = Self.encoded(Self.given, segments: &segments)
        #expect(Self.decoded(answers, segments) == Self.expected)
        #expect(segments == ["other~info", "trails", "north", "north~info"])
        #expect(answers.map { $0.selection(in: segments) } == Self.given.map(\.0))
        #expect(answers.map(\.showsOwnInfo) == [true, false, false, true, false, false])
    }

    @Test("appended after others, answers keep their segments; without segments they are copied as they are")
    func appended() {
        var theirs: [String] = []
        let section = Self.encoded(Self.given, segments: &theirs)
        var segments: [String] = []
        var all = Self.encoded([(.segment("first"), .some("first~info"))], segments: &segments)
        RowAnswers.append(section, segments: theirs, to: &all, segments: &segments)
        #expect(Self.decoded(all, segments) == ["\(SiteLinks.Selection.segment("first")) \(String(describing: String??.some("first~info")))"] + Self.expected)
        var none: [String] = []
        let plain = Self.encoded([(.ownKey, nil), (.choice, .some(nil))], segments: &none)
        let before = all
        RowAnswers.append(plain, segments: none, to: &all, segments: &segments)
        #expect(Array(all.dropFirst(before.count)) == plain)
    }

    @Test("a section kept takes only the segments its answers name, from where its own began")
    func keptSection() {
        var segments: [String] = []
        var answers = Self.encoded([(.segment("earlier"), nil)], segments: &segments)
        let first = answers.count, firstSegment = segments.count
        answers += Self.encoded(Self.given, segments: &segments)
        // A row asked again replaces its answer; the segments of the old one are no longer named.
        answers[first + 3] = RowAnswers(selection: .ownKey, detail: nil, segments: &segments)
        let kept = RowAnswers.section(answers[first...], segments: segments, from: firstSegment)
        #expect(kept.segments == ["other~info", "north", "north~info"])
        var expected = Self.expected
        expected[3] = "\(SiteLinks.Selection.ownKey) \(String(describing: String??.none))"
        #expect(Self.decoded(kept.answers, kept.segments) == expected)
        var plain: [String] = []
        let noSegments = Self.encoded([(.ownKey, nil), (.none, .some(nil))], segments: &plain)
        let whole = RowAnswers.section(noSegments[...], segments: ["unrelated"], from: 1)
        #expect(whole.answers == noSegments && whole.segments.isEmpty)
    }
}
