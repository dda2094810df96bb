/// RFC 4180 CSV: fields separated by commas, quoted fields may hold commas, quotes ("") and line breaks.
enum CSVParser {
    struct Row {
        var line: Int
        var fields: [String]
    }

    static func rows(_ text: String, file: String) throws -> [Row] {
        var rows: [Row] = []
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        /// A quoted field has just closed: only a comma or the row's end may follow.
        var quoteClosed = false
        var line = 1, rowLine = 1, quoteLine = 1
        var iterator = text.makeIterator()
        var pending: Character? = nil
        func next() -> Character? {
            if let character = pending { pending = nil; return character }
            return iterator.next()
        }
        while let character = next() {
            if inQuotes {
                if character == "\"" {
                    let following = next()
                    if following == "\"" { field.append("\"") } else { inQuotes = false; quoteClosed = true; pending = following }
                } else {
                    if character == "\n" || character == "\r\n" { line += 1 }
                    field.append(character)
                }
                continue
            }
            if quoteClosed, ![",", "\n", "\r\n", "\r"].contains(character) {
                // `"x"junk` would be taken as xjunk, its quotes lost without a word.
                throw StoreError.importFailed(file: file, location: "\(line)", message: "text follows the closing quote of a quoted field; "
                                                + "put the whole field in quotes, writing a quote inside it as \"\"")
            }
            quoteClosed = false
            switch character {
            case "\"" where field.isEmpty:
                inQuotes = true
                quoteLine = line
            case ",":
                fields.append(field)
                field = ""
            case "\n", "\r\n", "\r":
                fields.append(field)
                if !(fields.count == 1 && fields[0].isEmpty) { rows.append(Row(line: rowLine, fields: fields)) }
                fields = []
                field = ""
                line += 1
                rowLine = line
            default:
                field.append(character)
            }
        }
        if inQuotes {
            throw StoreError.importFailed(file: file, location: "\(quoteLine)", message: "a quoted field is never closed")
        }
        if !field.isEmpty || !fields.isEmpty {
            fields.append(field)
            rows.append(Row(line: rowLine, fields: fields))
        }
        return rows
    }
}
