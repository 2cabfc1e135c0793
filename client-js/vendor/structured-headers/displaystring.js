export class DisplayString {
    constructor(value) {
        this.value = value;
    }
    toString() {
        return this.value;
    }
}
//# sourceMappingURL=displaystring.js.map