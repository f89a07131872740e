import { describe, expect, it } from 'vitest';
import {
  addressIn,
  foundersIn,
  founderWithRoleIn,
  foundingYearIn,
  labelledFacts,
  madeIn,
  placeIn,
  postalCityIn,
  sentencesOf,
} from './prose-facts.ts';

describe('facts stated in sentences', () => {
  it('when a sentence says who founded the product then every named founder is read, names with diacritics too', () => {
    expect(foundersIn('Acme was founded in 2021 by Anna Lindqvist and Omar Haddad.')).toEqual([
      'Anna Lindqvist',
      'Omar Haddad',
    ]);
    expect(foundersIn('Founded by Zoë Müller, Łukasz Żółw and José María Ruiz in 2019.')).toEqual([
      'Zoë Müller',
      'Łukasz Żółw',
      'José María Ruiz',
    ]);
    expect(foundersIn('Gegründet 2020 von Jana Novák und Pierre Dubois.')).toEqual(['Jana Novák', 'Pierre Dubois']);
    expect(foundersIn('Priya Raman and Jonas Berg founded Pipewise in 2021.')).toEqual(['Priya Raman', 'Jonas Berg']);
  });

  it('when founders are joined by the "and" of Dutch, Italian, Portuguese, Danish, Finnish, Polish, Czech or Turkish then each is read', () => {
    expect(foundersIn('Acme werd opgericht door Pieter de Vries en Sanne Bakker.')).toEqual([
      'Pieter de Vries',
      'Sanne Bakker',
    ]);
    expect(foundersIn('Fondata nel 2017 da Marco Rossi e Giulia Bianchi.')).toEqual(['Marco Rossi', 'Giulia Bianchi']);
    expect(foundersIn('Fundada em 2020 por Ana Souza e Pedro Lima.')).toEqual(['Ana Souza', 'Pedro Lima']);
    expect(foundersIn('Grundlagt i 2016 af Mette Hansen og Lars Nielsen.')).toEqual(['Mette Hansen', 'Lars Nielsen']);
  });

  it('when the founding verb comes before the names (Finnish, Polish, Czech) or "by" after them (Turkish) then the names are read', () => {
    expect(foundersIn('Yrityksen perustivat vuonna 2015 Matti Virtanen ja Liisa Korhonen.')).toEqual([
      'Matti Virtanen',
      'Liisa Korhonen',
    ]);
    expect(foundersIn('Firmę założyli w 2018 roku Jan Kowalski i Anna Nowak.')).toEqual(['Jan Kowalski', 'Anna Nowak']);
    expect(foundersIn('Společnost založili v roce 2017 Jan Novák a Petra Svobodová.')).toEqual([
      'Jan Novák',
      'Petra Svobodová',
    ]);
    expect(foundersIn('Şirket 2019 yılında Ahmet Yılmaz ve Elif Kaya tarafından kuruldu.')).toEqual([
      'Ahmet Yılmaz',
      'Elif Kaya',
    ]);
  });

  it('when one founder is the subject of a founding verb in the singular then the founder is read', () => {
    expect(foundersIn('Jana Novák gründete Acme 2019.')).toEqual(['Jana Novák']);
    expect(foundersIn('María García fundó Acme en 2018.')).toEqual(['María García']);
    expect(foundersIn('Marco Rossi ha fondato Acme nel 2016.')).toEqual(['Marco Rossi']);
    expect(foundersIn('Jan Kowalski założył Acme w 2018 roku.')).toEqual(['Jan Kowalski']);
    expect(foundersIn('Matti Virtanen perusti Acme vuonna 2015.')).toEqual(['Matti Virtanen']);
  });

  it('when the founders are described before their names, or did something else before founding, then the names are read', () => {
    expect(foundersIn('Tallyho was started by two friends, Anna Berg and Omar Haddad, in 2019.')).toEqual([
      'Anna Berg',
      'Omar Haddad',
    ]);
    expect(foundersIn('Anna Berg and Omar Haddad met at KTH and started Tallyho in 2019.')).toEqual([
      'Anna Berg',
      'Omar Haddad',
    ]);
    expect(foundersIn('Anna Berg and Omar Haddad use Tallyho every day.')).toEqual([]);
  });

  it('when "by" is followed by words about the founders, or the German or Dutch participle comes after the names, then the names are read', () => {
    expect(foundersIn('Founded in 2019 by former Spotify engineers Anna Berg and Omar Haddad.')).toEqual([
      'Anna Berg',
      'Omar Haddad',
    ]);
    expect(foundersIn('Founded by ex-Googler Anna Berg.')).toEqual(['Anna Berg']);
    expect(foundersIn('Tallyho wurde von Anna Berg und Omar Haddad gegründet.')).toEqual(['Anna Berg', 'Omar Haddad']);
    expect(foundersIn('Tallyho werd in 2019 door Pieter de Vries opgericht.')).toEqual(['Pieter de Vries']);
  });

  it('when the people behind the product are named, or the founders are the subject of a founding verb in any language we read, then the names are read', () => {
    expect(foundersIn('Hinter Tallyho stehen Anna Berg und Omar Haddad.')).toEqual(['Anna Berg', 'Omar Haddad']);
    expect(foundersIn('The team behind Tallyho: Anna Berg and Omar Haddad.')).toEqual(['Anna Berg', 'Omar Haddad']);
    expect(foundersIn('Tallyho nació en 2019 de la mano de Anna Berg y Omar Haddad.')).toEqual([
      'Anna Berg',
      'Omar Haddad',
    ]);
    expect(foundersIn('Anna Berg et Omar Haddad ont créé Tallyho en 2019.')).toEqual(['Anna Berg', 'Omar Haddad']);
    expect(foundersIn('Anna Berg och Omar Haddad startade Tallyho 2019.')).toEqual(['Anna Berg', 'Omar Haddad']);
    expect(foundersIn('Meet Anna Berg and Omar Haddad, who started Tallyho in 2019.')).toEqual([
      'Anna Berg',
      'Omar Haddad',
    ]);
  });

  it('when founders have their roles in brackets, or the maker introduces themself, then the names are read', () => {
    expect(foundersIn('Maya Chen (CEO) and Jonas Weber (CTO) founded Acme in 2019.')).toEqual([
      'Maya Chen',
      'Jonas Weber',
    ]);
    expect(foundersIn("Hi, I'm Sam Rivera and I built Tallyho to fix my own invoicing.")).toEqual(['Sam Rivera']);
    expect(foundersIn("I'm Sam Rivera, the maker of Tallyho.")).toEqual(['Sam Rivera']);
    expect(foundersIn("I'm Sam Rivera and I love coffee.")).toEqual([]);
  });

  it('when a sentence says the product was started or launched by people, in another language, then they are its founders', () => {
    expect(foundersIn('Acme startades 2019 av Anna Berg och Ola Nord.')).toEqual(['Anna Berg', 'Ola Nord']);
    expect(foundersIn('Acme werd in 2020 opgezet door Sanne Visser en Joris Bakker.')).toEqual([
      'Sanne Visser',
      'Joris Bakker',
    ]);
    expect(foundersIn('Acme fue lanzada en 2018 por Lucía Pérez y Marta Gil.')).toEqual(['Lucía Pérez', 'Marta Gil']);
    expect(foundersIn('Acme è stata ideata da Giulia Conti e Marco Rossi.')).toEqual(['Giulia Conti', 'Marco Rossi']);
  });

  it('when a sentence names no person (a company, a team, one word) then no founder is read', () => {
    expect(foundersIn('Built by Acme Labs for developers.')).toEqual([]);
    expect(foundersIn('Founded by engineers who love spreadsheets.')).toEqual([]);
    expect(foundersIn('Our customers founded 300 companies with us.')).toEqual([]);
  });

  it('when a sentence tells the founding of the product then its year is read; of another company or a copyright line, not', () => {
    expect(foundingYearIn('Founded in 2019, we now serve 300 teams.', ['Acme'])).toBe('2019');
    expect(foundingYearIn('Acme was started in 2016 in a garage.', ['Acme'])).toBe('2016');
    expect(foundingYearIn('Teams switch to us from RivalApp, which was founded in 1998.', ['Acme'])).toBeNull();
    expect(foundingYearIn('© 2024 Acme, founded 2020', ['Acme'])).toBeNull();
  });

  it('when a sentence tells the start or launch of the product in another language then its year is read', () => {
    expect(foundingYearIn('Acme startade 2017 i Göteborg.', ['Acme'])).toBe('2017');
    expect(foundingYearIn('Acme is in 2016 gestart in Utrecht.', ['Acme'])).toBe('2016');
    expect(foundingYearIn('Acme ist 2018 in Leipzig entstanden.', ['Acme'])).toBe('2018');
    expect(foundingYearIn('Acme a été lancée en 2020 à Nantes.', ['Acme'])).toBe('2020');
    expect(foundingYearIn('RivalApp lanserades 1999.', ['Acme'])).toBeNull();
  });

  it('when the founding verb ends the sentence, well after the year (German, Dutch), then the year is read', () => {
    expect(foundingYearIn('Im Jahr 2019 wurde Acme in Berlin gegründet.', ['Acme'])).toBe('2019');
    expect(foundingYearIn('In 2016 is Acme door twee vrienden in Utrecht opgericht.', ['Acme'])).toBe('2016');
    expect(foundingYearIn('In 2021, Anna Berg and Ola Nord founded Acme.', ['Acme'])).toBe('2021');
    expect(
      foundingYearIn('In 2019, after years of building shops for others, Anna and Ola founded Acme.', ['Acme']),
    ).toBe('2019');
  });

  it('when a sentence says where the company is based then its city and ISO country code are read', () => {
    expect(placeIn('We are based in Stockholm, Sweden.')).toEqual({ city: 'Stockholm', country: 'SE' });
    expect(placeIn('Acme GmbH hat ihren Sitz in München, Deutschland')).toEqual({ city: 'München', country: 'DE' });
    expect(placeIn('Headquartered in the United States')).toEqual({ city: null, country: 'US' });
    expect(placeIn('We love remote work.')).toBeNull();
  });

  it("when an address line names a country after a postcode or a comma then it is the company's; a language picker is not", () => {
    expect(addressIn('Storgatan 1, 114 55 Stockholm, Sweden')).toEqual({ country: 'SE', city: 'Stockholm' });
    expect(addressIn('English (United States)')).toBeNull();
  });

  it('when a postal line ends a street address, or a US or Canadian city stands before its state and zip, then that is the city', () => {
    expect(postalCityIn('Musterstraße 1, 10115 Berlin')).toBe('Berlin');
    expect(postalCityIn('Acme GmbH · Hauptplatz 3 · 8010 Graz')).toBe('Graz');
    expect(postalCityIn('500 Howard St, San Francisco, CA 94105')).toBe('San Francisco');
    expect(postalCityIn('100 King St W, Toronto, ON M5H 1J9')).toBe('Toronto');
    expect(postalCityIn('Call us at 555 1234, Monday to Friday')).toBeNull();
  });

  it('when a sentence says where the office, HQ or team is then that is where the company is based', () => {
    expect(placeIn('Our office is in Munich, Germany.')).toEqual({ city: 'Munich', country: 'DE' });
    expect(placeIn('Our HQ is in Lisbon.')).toEqual({ city: 'Lisbon', country: null });
    expect(placeIn('The team is located in Tallinn, Estonia.')).toEqual({ city: 'Tallinn', country: 'EE' });
  });

  it('when a sentence says where the product is designed or built (not what it is built with) then that is its place', () => {
    expect(madeIn('Proudly built in Montréal, Canada.')).toEqual({ city: 'Montréal', country: 'CA' });
    expect(madeIn('Designed in Helsinki')).toEqual({ city: 'Helsinki', country: null });
    expect(madeIn('Built in Rust for speed.')).toBeNull();
    expect(madeIn('Built in Public, week by week.')).toBeNull();
  });

  it('when a sentence says where the team sits in German, French, Dutch or Swedish then that is where it is based', () => {
    expect(placeIn('Wir sitzen in Köln.')).toEqual({ city: 'Köln', country: null });
    expect(placeIn('Nous sommes basés à Bordeaux.')).toEqual({ city: 'Bordeaux', country: null });
    expect(placeIn('We zitten in Rotterdam.')).toEqual({ city: 'Rotterdam', country: null });
    expect(placeIn('Vi finns i Malmö.')).toEqual({ city: 'Malmö', country: null });
  });

  it('when a sentence says "based out of" a place then that is where the company is based', () => {
    expect(placeIn('We are a small team based out of Austin, Texas.')).toEqual({ city: 'Austin', country: null });
  });

  it('when text has several sentences on a line then each is read on its own', () => {
    expect(sentencesOf('Founded in 2019. Based in Oslo, Norway.\nNext line')).toEqual([
      'Founded in 2019.',
      'Based in Oslo, Norway.',
      'Next line',
    ]);
  });
});

describe('a founder named beside a role that says so', () => {
  it('when a line gives a name and a founder role then both are read as written; another role is not a founder', () => {
    expect(founderWithRoleIn('Anna Berg, Co-founder & CEO')).toEqual({ name: 'Anna Berg', role: 'Co-founder & CEO' });
    expect(founderWithRoleIn('Meet Omar Haddad (our co-founder)')).toEqual({ name: 'Omar Haddad', role: 'co-founder' });
    expect(founderWithRoleIn('Jana Novák – Gründerin und Geschäftsführerin')).toEqual({
      name: 'Jana Novák',
      role: 'Gründerin und Geschäftsführerin',
    });
    expect(founderWithRoleIn('Sam Okafor, Senior Engineer')).toBeNull();
  });
});

describe('the same facts in other languages and address styles', () => {
  it('when a founding is told in another language or with the year first then its year is read', () => {
    expect(foundingYearIn('Opgericht in 2017 door twee ontwikkelaars.', [])).toBe('2017');
    expect(foundingYearIn('Firma została założona w 2016 roku.', [], true)).toBe('2016');
    expect(foundingYearIn('2019年に東京で設立されました。', [], true)).toBe('2019');
    expect(foundingYearIn('Die Firma wurde 2015 gegründet.', [])).toBeNull();
    expect(foundingYearIn('Die Firma wurde 2015 gegründet.', [], true)).toBe('2015');
  });

  it('when a place is told in another language then its country is read; an inflected city is not taken', () => {
    expect(placeIn('Wir sind ein Team mit Sitz in Wien, Österreich.')).toEqual({ city: 'Wien', country: 'AT' });
    expect(placeIn('Firma z siedzibą w Warszawie, Polska.')).toEqual({ city: null, country: 'PL' });
    expect(placeIn('Une équipe basée à Lyon.')).toEqual({ city: 'Lyon', country: null });
  });

  it('when an address ends in a state code and zip then the city is the part before them', () => {
    expect(addressIn('500 Howard St, San Francisco, CA 94105, USA')).toEqual({ country: 'US', city: 'San Francisco' });
    expect(addressIn('〒150-0002 東京都渋谷区 日本')).toEqual({ country: 'JP', city: null });
  });
});

describe('facts given as a label and its value', () => {
  it('when a fact list says Founded and Headquarters then the year, city and country are read with their label as the quote', () => {
    expect(labelledFacts(['Team', '12', 'Gegründet', '2016', 'Hauptsitz', 'Graz, Österreich'])).toEqual({
      year: { value: '2016', quote: 'Gegründet 2016' },
      place: { country: 'AT', city: 'Graz', quote: 'Hauptsitz Graz, Österreich' },
    });
    expect(labelledFacts(['Founded: 2019', 'HQ: Austin, Texas'])).toEqual({
      year: { value: '2019', quote: 'Founded: 2019' },
      place: { country: null, city: 'Austin', quote: 'HQ: Austin, Texas' },
    });
    expect(labelledFacts(['Customers', '2019'])).toEqual({});
  });
});

describe('founders in more phrasings', () => {
  it('when a sentence names the founders after the word founders then they are read', () => {
    expect(foundersIn('Our co-founders Anna Berg and Omar Haddad met at university.')).toEqual([
      'Anna Berg',
      'Omar Haddad',
    ]);
    expect(foundersIn('Die Gründer Jana Novák und Pierre Dubois kommen aus Prag.')).toEqual([
      'Jana Novák',
      'Pierre Dubois',
    ]);
    expect(foundersIn('Founders: Anna Berg, Omar Haddad')).toEqual(['Anna Berg', 'Omar Haddad']);
    expect(foundersIn("Acme's founder & CEO Lena Fischer writes the newsletter.")).toEqual(['Lena Fischer']);
  });

  it('when a sentence says who launched it, or names a founder with an initial, a hyphen or an honorific, then the name is read as written without the honorific', () => {
    expect(foundersIn('Acme was launched in 2020 by Jean-Luc Martin and Anna K. Berg.')).toEqual([
      'Jean-Luc Martin',
      'Anna K. Berg',
    ]);
    expect(foundersIn('Founded by Dr. Maria O’Brien in 2018.')).toEqual(['Maria O’Brien']);
    expect(foundersIn('Sean McKay, who founded Acme in 2015, still writes code.')).toEqual(['Sean McKay']);
  });

  it('when the word founders stands in a title or a phrase about other founders then nobody is read', () => {
    expect(foundersIn('For Founders Building Startups')).toEqual([]);
    expect(foundersIn('We help founders Ship Faster.')).toEqual([]);
  });
});

describe('the city in more places', () => {
  it('when an address line gives a postcode and a city then the city is read, in the postcode styles of many countries', () => {
    expect(postalCityIn('10115 Berlin')).toBe('Berlin');
    expect(postalCityIn('114 55 Stockholm')).toBe('Stockholm');
    expect(postalCityIn('1012 AB Amsterdam')).toBe('Amsterdam');
    expect(postalCityIn('00-950 Warszawa')).toBe('Warszawa');
    expect(postalCityIn('A-1010 Wien')).toBe('Wien');
    expect(postalCityIn('60311 Frankfurt am Main')).toBe('Frankfurt am Main');
    expect(postalCityIn('London EC1V 9HX')).toBe('London');
    expect(postalCityIn('Since 2019 Acme helps teams')).toBeNull();
    expect(postalCityIn('2024 Acme')).toBeNull();
    expect(postalCityIn('8001 Zürich')).toBe('Zürich');
  });

  it('when a sentence says where the product is made then that place is read; a language or tool it is built in is not', () => {
    expect(madeIn('Made with ♥ in Lisbon, Portugal')).toEqual({ city: 'Lisbon', country: 'PT' });
    expect(madeIn('Handmade in Germany')).toEqual({ city: null, country: 'DE' });
    expect(madeIn('We are a Berlin-based team of six.')).toEqual({ city: 'Berlin', country: null });
    expect(madeIn('Built in Rust for speed.')).toBeNull();
    expect(madeIn('Web-based time tracking for teams.')).toBeNull();
  });
});

describe('founders named as such, and a co-founder named after the founding', () => {
  it('when a sentence says A and B are the founders, or A founded it together with B, then both are read', () => {
    expect(foundersIn('Anna Berg and Omar Haddad are the co-founders of Acme.')).toEqual(['Anna Berg', 'Omar Haddad']);
    expect(foundersIn('Jana Novák ist Gründerin von Acme.')).toEqual(['Jana Novák']);
    expect(foundersIn('Lena Fischer founded Acme in 2019 together with Marco Rossi.')).toEqual([
      'Lena Fischer',
      'Marco Rossi',
    ]);
    expect(foundersIn('Acme was founded in 2018 by Claire Martin, with her co-founder Hugo Petit.')).toEqual([
      'Claire Martin',
      'Hugo Petit',
    ]);
  });

  it('when a sentence gives someone another role then nobody is read', () => {
    expect(foundersIn('Anna Berg is the head of design at Acme.')).toEqual([]);
    expect(foundersIn('Anna Berg and Omar Haddad are advisors to the founders.')).toEqual([]);
  });
});

describe('a founding told as a beginning', () => {
  it('when a sentence says the product began or was born in a year then that year is its founding', () => {
    expect(foundingYearIn('Acme began in 2017 as a side project.', ['Acme'])).toBe('2017');
    expect(foundingYearIn('Acme was born in 2013 in Oslo.', ['Acme'])).toBe('2013');
    expect(foundingYearIn('Our newsletter began in 2020.', ['Acme'])).toBeNull();
  });
});

describe('a place named by a preposition before the country', () => {
  it('when a sentence ends its place with "in CITY, COUNTRY" (or aus, à, från) then the city is the words after the preposition', () => {
    expect(addressIn('We are a team of six in Copenhagen, Denmark.')).toEqual({ country: 'DK', city: 'Copenhagen' });
    expect(addressIn('Ein kleines Team aus Hamburg, Deutschland')).toEqual({ country: 'DE', city: 'Hamburg' });
    expect(addressIn('We are a small team in the north, Denmark.')).toEqual({ country: 'DK', city: null });
  });
});

describe('a founder role glued to a name by inline elements', () => {
  it('when a card\'s name and role spans join with no space ("Anna BergCo-founder, CEO") then the hyphen of "Co-founder" is no separator', () => {
    expect(founderWithRoleIn('Anna BergCo-founder, CEO')).toBeNull();
    expect(founderWithRoleIn('Anna Berg - Founder')).toEqual({ name: 'Anna Berg', role: 'Founder' });
    expect(founderWithRoleIn('Anna Berg – Co-founder & CEO')).toEqual({ name: 'Anna Berg', role: 'Co-founder & CEO' });
  });
});
