import Foundation

/// What an open element is to the contract.
enum ElementKind { case html, head, body, main, navigationBar, sectionIndex, other }

/// The schema's structure and the contract rules (`ContractRules`), element by element: each
/// start tag is checked as it is read and each end tag closes what its element promised; what
/// needs the whole page is checked at the end (`isWholePageClean`). Every rule of `ContractRules`
/// has its counterpart here, named in the comments.
extension ContractReader {
    /// What the element is to the contract; nil where the schema's structure forbids it.
    mutating func kind(_ start: Int, _ end: Int) -> ElementKind? {
        switch stack.count {
        case 0:
            guard bytes.equals(start, end, "html"), let namespace = find("xmlns"), namespace.isPlain,
                  bytes.equals(namespace.valueStart, namespace.valueEnd, xhtmlNamespace) else { return nil }
            return .html
        case 1:
            rootChildren += 1
            if rootChildren == 1, bytes.equals(start, end, "head") { return .head }
            if rootChildren == 2, bytes.equals(start, end, "body") { return .body }
            return nil
        default:
            if bytes.equals(start, end, "main") { return .main }
            if bytes.equals(start, end, "nav") {
                let isBar = self[.navigationBar] != nil
                let isIndex = self[.sectionIndex] != nil
                if isBar && isIndex { return nil }
                return isBar ? .navigationBar : isIndex ? .sectionIndex : .other
            }
            return .other
        }
    }

    /// Checks a start tag's attributes against the schema and the contract rules, and notes its
    /// ids and links.
    mutating func element(_ kind: ElementKind, _ start: Int, _ end: Int) -> Bool {
        let isSection = kind == .other && bytes.equals(start, end, "section")
        for index in 0..<attributeCount {
            let attribute = attributeSlots[index]
            if bytes.equals(attribute.nameStart, attribute.nameEnd, "xmlns") {
                guard stack.isEmpty else { return false }
            } else if bytes.equals(attribute.nameStart, attribute.nameEnd, "id") {
                // Rule "unique ids".
                let id = bytes.value(attribute)
                guard ids.insert(id).inserted else { return false }
                recording?.ids.append(id)
            }
        }
        if let href = find("href") { links.append(bytes.value(href)) }
        if let source = find("src") { links.append(bytes.value(source)) }
        switch kind {
        case .html, .head, .body:
            guard contractCount == 0 else { return false }
        case .main:
            // Rule "one main".
            mains += 1
            guard mains == 1, contractCount == 3, has(.editing, oneOf: ContractAttribute.booleans),
                  let style = self[.tableStyle], let indexed = self[.indexed], indexed.isPlain else { return false }
            if bytes.equals(style.valueStart, style.valueEnd, "plain") {
                guard has(.indexed, oneOf: ContractAttribute.booleans) else { return false }
            } else {
                guard bytes.equals(style.valueStart, style.valueEnd, "grouped"),
                      bytes.equals(indexed.valueStart, indexed.valueEnd, "false") else { return false }
            }
            isMainOpen = true
            isMainIndexed = bytes.equals(indexed.valueStart, indexed.valueEnd, "true")
            isMainEditing = has(.editing, oneOf: [ContractAttribute.booleans[0]])
            isMainSheet = find("class").map { TextSplice.contains(bytes.value($0), "sheet") } ?? false
        case .navigationBar:
            // Rule "one navigation bar, with one h1 and at most one back link".
            bars += 1
            guard bars == 1, contractCount == 1 else { return false }
            isBarOpen = true
            barHeadings = 0
            barUpLinks = 0
        case .sectionIndex:
            // Rule "section index labelled, its links landing on the page".
            indexes += 1
            guard contractCount == 1, let label = find("aria-label"), !bytes.value(label).isEmpty else { return false }
            openIndexes += 1
        case .other where isSection:
            guard contractCount <= 1 else { return false }
            if let section = self[.section] {
                guard section.isPlain, bytes.isDigits(section.valueStart, section.valueEnd) else { return false }
            } else {
                guard contractCount == 0 else { return false }
            }
        case .other:
            if bytes.equals(start, end, "nav") { guard contractCount == 0 else { return false } }
            guard row() else { return false }
        }
        if isBarOpen {
            if bytes.equals(start, end, "h1") { barHeadings += 1 }
            if let rel = find("rel"), bytes.value(rel) == "up" {
                barUpLinks += 1
                guard barUpLinks <= 1 else { return false }
            }
        }
        if openIndexes > 0, bytes.equals(start, end, "a") {
            guard let href = find("href").map(bytes.value), href.hasPrefix("#") else { return false }
            indexTargets.append(String(href.dropFirst()))
        }
        return true
    }

    /// Leaves the innermost element, checking what the contract says of it as a whole.
    mutating func close() -> Bool {
        let open = stack.removeLast()
        // A part that closes an element it did not open is not one piece of the page.
        if let depth = recording?.context.depth, stack.count < depth { recording?.isWhole = false }
        switch open.kind {
        case .html: return rootChildren == 2
        case .main: isMainOpen = false
        case .navigationBar:
            guard barHeadings == 1 else { return false }
            isBarOpen = false
        case .sectionIndex: openIndexes -= 1
        case .head, .body, .other: break
        }
        return true
    }

    /// What needs the whole page in view: one `<main>` ("one main"), `data-indexed` as the page's
    /// index is ("data-indexed matches the section index"), and index links that land on ids.
    var isWholePageClean: Bool {
        mains == 1 && isMainIndexed == (indexes > 0) && indexTargets.allSatisfy(ids.contains)
    }

    /// Whether the start tag has the contract attribute `name`, written plainly (no references
    /// or white space to normalise), with one of `choices` as its value.
    func has(_ name: ContractAttribute, oneOf choices: [[UInt8]]) -> Bool {
        guard let attribute = self[name], attribute.isPlain else { return false }
        return bytes.isOne(of: choices, attribute.valueStart, attribute.valueEnd)
    }

    /// The row contract on any other element: all of it or none of it. Rule "rows unique by
    /// index path, editing styles as the table's mode says".
    mutating func row() -> Bool {
        if contractCount == 0 { return true }
        let editingStyle = self[.editingStyle]
        guard contractCount == (editingStyle == nil ? 4 : 5),
              let path = self[.indexPath], path.isPlain, bytes.isIndexPath(path),
              has(.cellStyle, oneOf: ContractAttribute.cellStyles), has(.accessory, oneOf: ContractAttribute.accessories),
              has(.movable, oneOf: ContractAttribute.booleans),
              editingStyle == nil || has(.editingStyle, oneOf: ContractAttribute.editingStyles)
        else { return false }
        if isMainOpen {
            let value = bytes.value(path)
            guard rowPaths.insert(value).inserted else { return false }
            recording?.rowPaths.append(value)
            guard isMainEditing == (editingStyle != nil) || isMainSheet else { return false }
        }
        return true
    }
}
