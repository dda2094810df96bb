import Foundation

/// Judges a rendered page: well-formed XML, valid against the markup contract's RelaxNG schema,
/// and the contract rules a grammar cannot say (one table, unique ids, index links that land).
public final class PageValidator: Sendable {
    private let schema: RelaxNGSchema

    /// The validator with the schema that ships with TableStack.
    public static let shared: PageValidator = {
        do {
            return try PageValidator()
        } catch {
            // The schema is part of the program; failing to compile it is a build defect.
            preconditionFailure("the bundled markup contract does not compile: \(error)")
        }
    }()

    /// A validator of the current thread's own, so parallel validations never wait on one schema.
    public static func forCurrentTask() -> PageValidator {
        let key = "tablestack.page-validator"
        if let validator = Thread.current.threadDictionary[key] as? PageValidator { return validator }
        let validator = (try? PageValidator()) ?? shared
        Thread.current.threadDictionary[key] = validator
        return validator
    }

    /// Makes a validator with the bundled schema.
    public init() throws(RenderError) {
        guard let url = Bundle.module.url(forResource: "markup-contract", withExtension: "rng"),
              let data = FileManager.default.contents(atPath: url.path) else {
            throw .invalidSchema("markup-contract.rng (missing from the bundle)")
        }
        schema = try RelaxNGSchema(text: String(decoding: data, as: UTF8.self), file: "markup-contract.rng")
    }

    /// Every problem of the page `html`, addressed by `page` (its path or file).
    public func validate(_ html: String, page: String) -> [XMLDiagnostic] {
        check(html, page: page).problems
    }

    /// `inspect` with the current thread's validator, which is only made (its schema compiled)
    /// when a page needs libxml2.
    public static func inspect(_ html: String, page: String) -> PageInspection {
        scanned(html) ?? forCurrentTask().inspectWithLibXML(html, page: page)
    }

    /// `inspect`, with the readings of `parts` of the page (byte ranges: a long list's sections'
    /// rows) recorded in the inspection, or taken from `given` where an earlier inspection of a
    /// page holding the same bytes recorded them (`ContractPart`). A page libxml2 judges records none.
    public static func inspect(_ html: String, page: String, parts: [Range<Int>?], given: [Int: ContractPart]) -> PageInspection {
        scanned(html, parts: parts, given: given) ?? forCurrentTask().inspectWithLibXML(html, page: page)
    }

    /// Every problem of the page `html`, with its ids and the targets of its links (`href`, then
    /// `src`, element by element): what an export needs to check links across pages.
    ///
    /// A page the contract scanner finds clean is not handed to libxml2: the scanner accepts only
    /// what libxml2 and the schema accept, and reads the same ids and links. Everything else —
    /// every page with a problem among them — is judged by libxml2, so messages are its own.
    public func inspect(_ html: String, page: String) -> PageInspection {
        Self.scanned(html) ?? inspectWithLibXML(html, page: page)
    }

    /// The inspection of a page the contract scanner finds clean, with its parts' readings.
    private static func scanned(_ html: String, parts: [Range<Int>?] = [], given: [Int: ContractPart] = [:]) -> PageInspection? {
        ContractScanner.scan(html, parts: parts, given: given).map {
            PageInspection(problems: [], isWellFormed: true, ids: $0.ids, links: $0.links, parts: $0.parts, takenParts: $0.takenParts)
        }
    }

    /// `inspect` without the scanner: libxml2 parses and validates the page, and its tree is read.
    public func inspectWithLibXML(_ html: String, page: String) -> PageInspection {
        let (problems, root) = check(html, page: page)
        var inspection = PageInspection(problems: problems, isWellFormed: root != nil, ids: [], links: [])
        root?.forEachElement { element in
            if let id = element.attributes["id"] { inspection.ids.insert(id) }
            if let link = element.attributes["href"] { inspection.links.append(link) }
            if let link = element.attributes["src"] { inspection.links.append(link) }
        }
        return inspection
    }

    /// Every problem of the page `html`, and its tree when it is well-formed: parsed once for the
    /// schema, the contract rules and whatever the caller reads from the tree (an export's links).
    public func check(_ html: String, page: String) -> (problems: [XMLDiagnostic], root: XMLElement?) {
        let (checked, parseDiagnostics) = LibXML.withDocument(html, file: page) { document in
            (schema.validate(document: document, file: page), LibXML.root(document))
        }
        guard let (schemaDiagnostics, root) = checked else { return (parseDiagnostics, nil) }
        guard schemaDiagnostics.isEmpty, let root else { return (parseDiagnostics + schemaDiagnostics, root) }
        return (ContractRules.check(root, page: page), root)
    }
}

/// What `PageValidator.inspect` found in a page.
public struct PageInspection: Sendable, Equatable {
    /// Every problem; empty for a clean page.
    public var problems: [XMLDiagnostic]
    /// Whether the page parsed as XML (the ids and links are empty when not).
    public var isWellFormed: Bool
    /// The page's ids (where it is well-formed).
    public var ids: Set<String>
    /// The page's `href` and `src` values in document order.
    public var links: [String]
    /// The readings of the parts the inspection was shown, where they were recorded or taken.
    public var parts: [ContractPart?] = []
    /// The parts whose readings were taken as given rather than read, by number.
    public var takenParts: [Int] = []
}
