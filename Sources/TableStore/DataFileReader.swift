import Foundation
import TableKit

/// Reads data files into documents: JSON and XML property lists (nested items) and CSV (a flat
/// list). Errors name the file, the line or key path, and what was expected.
///
/// In JSON and plists a file is either an object whose fields are the root lists, or an array,
/// which becomes the root list `listName` (the file's name when none is given). An item is an
/// object: `key` is its key (made from its name when missing), scalar fields are attributes,
/// arrays of objects are its ordered lists.
public enum DataFileReader {
    /// Reads the file at `path`, choosing the format by its extension.
    public static func read(path: String, listName: String? = nil) throws -> DataDocument {
        let name = (path as NSString).lastPathComponent
        guard let data = FileManager.default.contents(atPath: path) else {
            throw StoreError.importFailed(file: path, location: "", message: "cannot read the file: " + UnreadableFile.reason(path))
        }
        switch (name as NSString).pathExtension.lowercased() {
        case "json": return try json(data, file: path, listName: listName)
        case "plist": return try plist(data, file: path, listName: listName)
        case "csv":
            if let place = DocumentText.firstInvalidUTF8(in: data) {
                throw StoreError.importFailed(file: path, location: "\(place.line)", message: "the file is not valid UTF-8 here; save it as UTF-8")
            }
            return try csv(String(decoding: data, as: UTF8.self), file: path, listName: listName)
        default:
            throw StoreError.importFailed(file: path, location: "", message: "unknown data format (expected .json, .plist or .csv)")
        }
    }

    /// Reads JSON text. A `listName` given (the import's `--list`) for a file that names its own
    /// lists is refused rather than ignored.
    public static func json(_ data: Data, file: String, listName: String? = nil) throws -> DataDocument {
        let value: DataValue
        do {
            let decoder = JSONDecoder()
            decoder.userInfo[DataValue.keepsDigits] = true
            value = try decoder.decode(DataValue.self, from: data)
        } catch {
            // JSONDecoder says only that the JSON is invalid; JSONSerialization says where.
            var reason = error
            do { _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) } catch { reason = error }
            let place = location(of: reason, in: data)
            // Two refusals it does not place: they are found here, and said in the file's terms.
            if place.isEmpty, let problem = unplacedProblem(in: data) {
                throw StoreError.importFailed(file: file, location: "\(problem.line):\(problem.column)", message: "invalid JSON: \(problem.message)")
            }
            let message = describe(reason)
            let ranOut = place.isEmpty && message.contains("end of file")
            throw StoreError.importFailed(file: file, location: ranOut ? endPlace(of: data) : place, message: "invalid JSON: \(message)")
        }
        if let comma = trailingComma(in: data) {
            throw StoreError.importFailed(file: file, location: "\(comma.line):\(comma.column)",
                                          message: "invalid JSON: a comma just before '\(comma.closing)'; JSON allows none after the last member or element")
        }
        if let repeated = repeatedMember(in: data) {
            throw StoreError.importFailed(file: file, location: "\(repeated.line):\(repeated.column)",
                                          message: "\"\(repeated.name)\" is named twice in one object\(NamesSeen.spellingNote(repeated.earlier, repeated.name)); "
                                            + "only one of its values could be kept")
        }
        var builder = DocumentBuilder(file: file)
        return try builder.document(from: value, listName: listName)
    }

    /// Reads an XML (or binary) property list, such as the guide's States.plist (`listName` as
    /// for `json`).
    public static func plist(_ data: Data, file: String, listName: String? = nil) throws -> DataDocument {
        if let problem = binaryProblem(data) {
            throw StoreError.importFailed(file: file, location: "", message: problem)
        }
        if let problem = xmlProblem(data) {
            throw StoreError.importFailed(file: file, location: "\(problem.line)", message: problem.message)
        }
        let value: DataValue
        do {
            value = try PropertyListDecoder().decode(DataValue.self, from: data)
        } catch {
            // Foundation's XML errors name line 1 wherever they are: a value's place is its key path.
            let place = keyPath(of: error, listName: listName ?? DocumentBuilder(file: file).fileListName)
            let reason = describe(error).replacingOccurrences(of: "The given data was not a valid property list.: ", with: "")
                .replacingOccurrences(of: #" (on|at) line \d+"#, with: "", options: .regularExpression)
            throw StoreError.importFailed(file: file, location: place, message: "invalid property list: \(reason)")
        }
        var builder = DocumentBuilder(file: file)
        return try builder.document(from: value, listName: listName)
    }

    /// Reads CSV with a header row: each further row is an item of the list `listName` (the
    /// file's name when none is given).
    public static func csv(_ text: String, file: String, listName: String? = nil) throws -> DataDocument {
        var builder = DocumentBuilder(file: file)
        let listName = listName ?? builder.fileListName
        try builder.checkListName(listName, at: "")
        // A byte order mark (as spreadsheets save UTF-8) is not part of the first column's name.
        let rows = try CSVParser.rows(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text, file: file)
        guard let header = rows.first?.fields, !header.isEmpty else {
            throw StoreError.importFailed(file: file, location: "1", message: "expected a header row naming the columns")
        }
        var columns = NamesSeen()
        for column in header {
            if let earlier = columns.add(column) {
                throw StoreError.importFailed(file: file, location: "1", message: "column \"\(column)\" is named twice\(NamesSeen.spellingNote(earlier, column))")
            }
        }
        for column in header { try builder.checkText(column, at: "1") }
        if let keyColumn = header.firstIndex(of: "key") {
            builder.startList(explicitKeys: rows.dropFirst().compactMap { $0.fields.indices.contains(keyColumn) ? $0.fields[keyColumn] : nil })
        }
        var items: [DataDocument.Item] = []
        for row in rows.dropFirst() {
            guard row.fields.count == header.count else {
                throw StoreError.importFailed(file: file, location: "\(row.line)",
                                              message: "expected \(header.count) fields as in the header, found \(row.fields.count)")
            }
            var attributes: [String: AttributeValue] = [:]
            var key: String?
            for (column, field) in zip(header, row.fields) {
                try builder.checkText(field, at: "\(row.line)")
                if column == "key" { key = field; continue }
                attributes[column] = csvNumber(field).map(AttributeValue.number) ?? (field == "true" ? .bool(true) : field == "false" ? .bool(false) : .string(DocumentText.closingDirections(field)))
            }
            items.append(DataDocument.Item(key: try builder.key(key, attributes: attributes, at: "\(row.line)"), attributes: attributes))
        }
        return DataDocument(lists: [(listName, items)])
    }

    /// How deep a property list's arrays and dictionaries may nest: as deep as JSON's, far
    /// beyond any data file's, and shallow enough that the decoder's recursion stays on its stack.
    static let deepestNesting = 512

    /// A CSV field as a number when the number, written back, reads as the field does (`42`,
    /// `-3.5`, `0.00001`): a ZIP code `00501`, `1.50`, `1e3`, `+5`, `0x10`, `NaN` or a number of
    /// more digits than a double holds exactly stays the text it is.
    static func csvNumber(_ field: String) -> Double? {
        guard let number = Double(field), number.isFinite, AttributeValue.number(number).description == field else { return nil }
        return number
    }

    /// "line:column" for a JSON syntax error (Foundation reports a character offset or a line).
    /// Where `data` ends, as line:column: the place of a file cut short (or empty), where the
    /// parser ran out.
    private static func endPlace(of data: Data) -> String {
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        return "\(lines.count):\((lines.last?.count ?? 0) + 1)"
    }

    private static func location(of error: any Error, in data: Data) -> String {
        let text = describe(error)
        if let range = text.range(of: #"line (\d+), column (\d+)"#, options: .regularExpression) {
            let numbers = text[range].split(whereSeparator: { !$0.isNumber })
            return numbers.joined(separator: ":")
        }
        if let range = text.range(of: #"character (\d+)"#, options: .regularExpression),
           let offset = Int(text[range].split(separator: " ")[1]) {
            var line = 1, column = 1
            for byte in data.prefix(offset) {
                if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
            }
            return "\(line):\(column)"
        }
        return ""
    }

    /// The key path, as `DocumentBuilder` writes it, of the value a decoding error is about
    /// (`fruit[2].size`); empty when it names none. `listName` is the list an array at the top is.
    private static func keyPath(of error: any Error, listName: String) -> String {
        guard case let DecodingError.dataCorrupted(context) = error, let first = context.codingPath.first else { return "" }
        return context.codingPath.reduce(first.intValue == nil ? "" : listName) { path, key in
            key.intValue.map { "\(path)[\($0)]" } ?? (path.isEmpty ? key.stringValue : "\(path).\(key.stringValue)")
        }
    }

    private static func describe(_ error: any Error) -> String {
        var messages: [String] = []
        var current: (any Error)? = error
        while let error = current {
            let nsError = error as NSError
            if let debug = nsError.userInfo[NSDebugDescriptionErrorKey] as? String { messages.append(debug) }
            if case let DecodingError.dataCorrupted(context) = error { messages.append(context.debugDescription) }
            current = (nsError.userInfo[NSUnderlyingErrorKey] as? any Error)
                ?? { if case let DecodingError.dataCorrupted(context) = error { return context.underlyingError } else { return nil } }()
        }
        return messages.isEmpty ? "\(error)" : messages.joined(separator: ": ")
    }
}

/// Turns decoded values into items, naming the key path of anything unexpected. Keys are unique
/// in their list: one given explicitly twice in a list is an error; one made from a name skips
/// the list's explicit keys and the keys made before it.
struct DocumentBuilder {
    let file: String
    /// The keys of the list being read: given explicitly, and handed out so far.
    private var explicitKeys: Set<String> = []
    private var usedKeys: Set<String> = []
    /// How many members were `null`: an attribute without a value, which the store keeps as none.
    private(set) var nulls = 0

    init(file: String) { self.file = file }

    /// The list an array or CSV file becomes when the import names none: the file's name.
    var fileListName: String { ((file as NSString).lastPathComponent as NSString).deletingPathExtension }

    /// The lists `value` holds: an object's fields, or an array as the list `listName` (the
    /// file's name when none is given). A name given for an object is refused: its lists keep
    /// their own names.
    mutating func document(from value: DataValue, listName: String?) throws -> DataDocument {
        switch value {
        case let .object(fields):
            if let listName {
                let names = fields.map { DocumentText.shortened(DocumentText.cleaned($0.0), to: 40) }
                let shown = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
                let object = names.isEmpty ? "an object, which holds no list at all" : "an object of lists (\(shown)), each named by its field"
                throw failure("", "--list \"\(DocumentText.cleaned(listName))\" names the list an array of items becomes, but this file is \(object); "
                              + "leave out --list" + (names.isEmpty ? "" : " to import its lists under their own names"))
            }
            var lists: [(name: String, items: [DataDocument.Item])] = []
            for (name, value) in fields {
                try checkListName(name, at: name, named: true)
                lists.append((name, try items(value, path: name)))
            }
            var document = DataDocument(lists: lists)
            document.nullsLeftOut = nulls
            return document
        case .array:
            let listName = listName ?? fileListName
            try checkListName(listName, at: "")
            var document = DataDocument(lists: [(listName, try items(value, path: listName))])
            document.nullsLeftOut = nulls
            return document
        default:
            throw failure("", "expected an object of lists or an array of items at the top level")
        }
    }

    private mutating func items(_ value: DataValue, path: String) throws -> [DataDocument.Item] {
        guard case let .array(values) = value else { throw failure(path, "expected an array of items") }
        let outer = (explicitKeys, usedKeys)
        defer { (explicitKeys, usedKeys) = outer }
        explicitKeys = Set(values.compactMap { value -> String? in
            guard case let .object(fields) = value, case let .string(key)? = fields.first(where: { $0.0 == "key" })?.1 else { return nil }
            return key
        })
        usedKeys = []
        return try values.enumerated().map { index, value in try item(value, path: "\(path)[\(index)]") }
    }

    /// Starts a list whose explicit keys are `keys` (a CSV file's key column).
    mutating func startList(explicitKeys keys: [String]) {
        explicitKeys = Set(keys)
        usedKeys = []
    }

    private mutating func item(_ value: DataValue, path: String) throws -> DataDocument.Item {
        guard case let .object(fields) = value else { throw failure(path, "expected an item (an object)") }
        var attributes: [String: AttributeValue] = [:]
        var lists: [(name: String, items: [DataDocument.Item])] = []
        var explicitKey: String?
        for (name, field) in fields {
            try checkText(name, at: "\(path).\(name)")
            switch field {
            case .null:
                nulls += 1
                continue
            case let .string(text) where name == "key": explicitKey = text
            // Taken as an attribute or a list, it would be written back beside the item's own key.
            case _ where name == "key": throw failure("\(path).key", "expected the item's key as text")
            case let .string(text):
                try checkText(text, at: "\(path).\(name)")
                attributes[name] = .string(DocumentText.closingDirections(text))
            case let .number(number):
                guard number.isFinite else { throw failure("\(path).\(name)", "expected a finite number") }
                attributes[name] = .number(number)
            case let .roundedNumber(written):
                throw failure("\(path).\(name)", "the number \(DocumentText.shortened(written, to: 60)) "
                              + "\(DecimalNumber.refusal(of: written) ?? "cannot be kept as written"); write it as text to keep it as it is")
            case let .bool(flag): attributes[name] = .bool(flag)
            case .array:
                try checkListName(name, at: "\(path).\(name)", named: true)
                lists.append((name, try items(field, path: "\(path).\(name)")))
            case .object: throw failure("\(path).\(name)", "expected text, a number, true/false or an array of items")
            }
        }
        return DataDocument.Item(key: try key(explicitKey, attributes: attributes, at: path), attributes: attributes, lists: lists)
    }

    /// Refuses text a page could not show (see `DocumentText`): imported, it would make every
    /// page that shows it, and every export, invalid.
    func checkText(_ text: String, at location: String) throws {
        if let scalar = DocumentText.firstDisallowed(in: text) {
            throw failure(location, "the text holds the character \(DocumentText.name(scalar)), which a page cannot show; remove it")
        }
        if DocumentText.holdsOverstackedCharacter(text) {
            throw failure(location, "the text holds a character built of more than \(DocumentText.mostScalarsInCharacter) code points (marks piled on one letter), "
                            + "which a row cannot show within its bounds; remove some of its marks")
        }
    }

    /// Refuses a list's name that no app could name (`list: ""`), and text a page cannot show.
    /// `named`: the file names the list (an object of lists); otherwise it is the file's name or
    /// the import's `--list`.
    func checkListName(_ name: String, at location: String, named: Bool = false) throws {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw failure(location, named ? "a list needs a name that is not empty" : "the list's name is empty; give it one with --list NAME")
        }
        try checkText(name, at: location)
        if let problem = ListID.nameProblem(name) { throw failure(location, problem) }
    }

    /// The item's own key, checked, or one made from its name and made unique.
    mutating func key(_ explicit: String?, attributes: [String: AttributeValue], at location: String) throws -> String {
        if let explicit {
            guard ItemKey.isValid(explicit) else { throw failure(location, StoreError.invalidKey(explicit).description) }
            guard usedKeys.insert(explicit).inserted else { throw failure(location, "key \"\(explicit)\" is used twice") }
            return explicit
        }
        let name = ["key", "name", "Name", "title", "Title"].lazy.compactMap { attributes[$0]?.description }.first
            ?? attributes.sorted { $0.key < $1.key }.first { if case .string = $0.value { true } else { false } }?.value.description
            ?? "item"
        let base = ItemKey.slug(name)
        var candidate = base, suffix = 2
        while explicitKeys.contains(candidate) || !usedKeys.insert(candidate).inserted {
            candidate = "\(base)-\(suffix)"
            suffix += 1
        }
        return candidate
    }

    private func failure(_ location: String, _ message: String) -> StoreError {
        .importFailed(file: file, location: location, message: message)
    }
}
