import Diagnostics

extension Parser {
    /// One top-level definition, dispatched on its keyword (looking past a description).
    mutating func parseDefinition() throws -> Definition {
        if peek(.braceLeft) { return .operation(try parseOperationDefinition()) }
        let hasDescription = peekDescription
        var lexerAhead = lexer  // reads the token after the description without consuming it
        let keywordToken = hasDescription ? try lexerAhead.next() : token
        if hasDescription, keywordToken.kind == .braceLeft {
            throw error("Unexpected description, descriptions are not supported on shorthand queries.", at: token)
        }
        guard keywordToken.kind == .name else { throw unexpected(keywordToken) }
        let keyword = lexer.text(of: keywordToken)
        let start = token.range.start
        switch keyword {
        case "query", "mutation", "subscription": return .operation(try parseOperationDefinition())
        case "fragment": return .fragment(try parseFragmentDefinition())
        case "directive": return .directive(try parseDirectiveDefinition())
        case "extend" where !hasDescription: return try parseTypeSystemExtension()
        case "schema":
            let description = try parseDescription()
            return .schema(try parseSchemaDefinition(from: start, description: description, isExtension: false))
        default:
            guard let kind = TypeDefinition.Kind(rawValue: keyword) else {
                if hasDescription { throw error("Unexpected description, only GraphQL definitions support descriptions.", at: token) }
                throw unexpected(keywordToken)
            }
            let description = try parseDescription()
            return .type(try parseTypeDefinition(kind, from: start, description: description))
        }
    }

    mutating func parseOperationDefinition() throws -> OperationDefinition {
        let start = token.range.start
        if peek(.braceLeft) {
            let selectionSet = try parseSelectionSet()
            return OperationDefinition(
                operation: .query, variableDefinitions: [], directives: [], selectionSet: selectionSet, range: range(from: start))
        }
        let description = try parseDescription()
        let operation = try parseOperationType()
        let name = peek(.name) ? try parseName() : nil
        let variableDefinitions = try optionalMany(.parenLeft, .parenRight) { try $0.parseVariableDefinition() }
        let directives = try parseDirectives(isConstant: false)
        let selectionSet = try parseSelectionSet()
        return OperationDefinition(
            description: description, operation: operation, name: name, variableDefinitions: variableDefinitions,
            directives: directives, selectionSet: selectionSet, range: range(from: start))
    }

    mutating func parseOperationType() throws -> OperationType {
        let operationToken = try expect(.name)
        guard let operation = OperationType(rawValue: lexer.text(of: operationToken)) else { throw unexpected(operationToken) }
        return operation
    }

    mutating func parseVariableDefinition() throws -> VariableDefinition {
        let start = token.range.start
        let description = try parseDescription()
        let variable = try parseVariable()
        try expect(.colon)
        let type = try parseTypeReference()
        let defaultValue = try expectOptional(.equals) ? try parseValue(isConstant: true) : nil
        let directives = try parseDirectives(isConstant: true)
        return VariableDefinition(
            description: description, variable: variable, type: type, defaultValue: defaultValue,
            directives: directives, range: range(from: start))
    }

    mutating func parseSelectionSet() throws -> SelectionSet {
        let start = token.range.start
        let selections = try nested { parser in
            try parser.many(.braceLeft, .braceRight) { try $0.parseSelection() }
        }
        return SelectionSet(selections: selections, range: range(from: start))
    }

    mutating func parseSelection() throws -> Selection {
        peek(.spread) ? try parseFragment() : .field(try parseField())
    }

    mutating func parseField() throws -> Field {
        let start = token.range.start
        let nameOrAlias = try parseName()
        var alias: Name?
        var name = nameOrAlias
        if try expectOptional(.colon) {
            alias = nameOrAlias
            name = try parseName()
        }
        let arguments = try parseArguments(isConstant: false)
        let directives = try parseDirectives(isConstant: false)
        let selectionSet = peek(.braceLeft) ? try parseSelectionSet() : nil
        return Field(
            alias: alias, name: name, arguments: arguments, directives: directives, selectionSet: selectionSet,
            range: range(from: start))
    }

    /// `...Name` or `... on Type { }` / `... { }`.
    mutating func parseFragment() throws -> Selection {
        let start = token.range.start
        try expect(.spread)
        let hasTypeCondition = try expectOptionalKeyword("on")
        if !hasTypeCondition, peek(.name) {
            let name = try parseFragmentName()
            let directives = try parseDirectives(isConstant: false)
            return .fragmentSpread(FragmentSpread(name: name, directives: directives, range: range(from: start)))
        }
        let typeCondition = hasTypeCondition ? try parseNamedType() : nil
        let directives = try parseDirectives(isConstant: false)
        let selectionSet = try parseSelectionSet()
        return .inlineFragment(InlineFragment(
            typeCondition: typeCondition, directives: directives, selectionSet: selectionSet, range: range(from: start)))
    }

    mutating func parseFragmentDefinition() throws -> FragmentDefinition {
        let start = token.range.start
        let description = try parseDescription()
        try expectKeyword("fragment")
        let name = try parseFragmentName()
        try expectKeyword("on")
        let typeCondition = try parseNamedType()
        let directives = try parseDirectives(isConstant: false)
        let selectionSet = try parseSelectionSet()
        return FragmentDefinition(
            description: description, name: name, typeCondition: typeCondition, directives: directives,
            selectionSet: selectionSet, range: range(from: start))
    }

    /// A fragment's name: any name but `on`.
    mutating func parseFragmentName() throws -> Name {
        if isKeyword(token, "on") { throw unexpected() }
        return try parseName()
    }
}
