export function publishOrder(charts: string[]): string[];
